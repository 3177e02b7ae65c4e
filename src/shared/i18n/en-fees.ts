// English for the fee screens' titles (menu, breadcrumb and page tags pass route titles through t()).
export const enFees: Record<string, string> = {
  基础费用设置: 'Base cost settings',
  大陆运费: 'Mainland freight',
  第三方参数: 'Third-party parameters',
  运费试算: 'Freight calculator',
};
