// English for the statistics screens (统计报表, 消费统计; keys: the Chinese literals passed to t()).
export const enStatistics: Record<string, string> = {
  签收统计: 'Sign-in statistics',
  打包统计: 'Packing statistics',
  囤货打包统计: 'Stock packing statistics',
  上架统计: 'Shelving statistics',
  消费统计: 'Spending statistics',
  日期: 'Date',
  签收数: 'Parcels signed in',
  打包订单数: 'Orders packed',
  上架数: 'Shelved',
  未知: 'Unknown',
  所选日期内没有数据: 'Nothing in the chosen dates',
  充值: 'Recharges',
  今天: 'Today',
  近7天: 'Last 7 days',
  本月: 'This month',
  上月: 'Last month',
};
