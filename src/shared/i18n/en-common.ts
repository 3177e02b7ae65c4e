// English for the shared list, filter and dialog components and the menu's groups (keys: the
// Chinese literals passed to t()). Issue 44 item 2: every string on every route goes through t().
export const enCommon: Record<string, string> = {
  // menu groups (src/app/lib/menu-groups.ts)
  首页: 'Home',
  仓库作业: 'Floor work',
  囤货管理: 'Stock',
  统计报表: 'Reports',
  仓库管理: 'Warehouses',
  费用设置: 'Fees',
  系统设置: 'Settings',
  货架管理: 'Shelves',
  // lists and filters
  昨天: 'Yesterday',
  '最近 7 天': 'Last 7 days',
  '最近 30 天': 'Last 30 days',
  选择日期范围: 'Pick a date range',
  至: 'to',
  '请输入{0}': 'Enter {0}',
  查询: 'Search',
  重置: 'Reset',
  筛选: 'Filter',
  刷新: 'Refresh',
  批量操作: 'Bulk actions',
  '已选 {0} 项': '{0} selected',
  取消选择: 'Clear selection',
  '{0}失败': '{0} failed',
  '回到第 1 页': 'Back to page 1',
  每页: 'Per page',
  '第 {0}–{1} 条，共 {2}+ 条（请缩小筛选范围）': '{0}–{1} of {2}+ (narrow the filter)',
  '第 {0}–{1} 条，共 {2} 条': '{0}–{1} of {2}',
  更多操作: 'More actions',
};
