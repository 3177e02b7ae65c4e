// English for the texts the server answers with in the envelope (keys: the Chinese literals of
// src/server/lib/errors.ts and plugins/services.ts). ABP's own English where ABP has the text.
export const enServer: Record<string, string> = {
  '您的请求无效!': 'Your request is not valid!',
  '当前用户没有登录到系统！': 'Current user did not login to the application!',
  '未授予所需的权限。': 'Required permissions are not granted.',
  '没有找到对应的实体': 'There is no such entity.',
  '对不起，在处理您的请求期间产生了一个服务器内部错误！': 'An internal error occurred during your request!',
  '登录失败!': 'Login failed!',
  '验证过程中检测到以下错误。': 'The following errors were detected during validation.',
  '请求体不是有效的 JSON。': 'The request body is not valid JSON.',
  '请求体过大。': 'The request body is too large.',
  '请求头过大。': 'The request headers are too large.',
  '不支持的内容类型，请使用 application/json。': 'Unsupported content type; use application/json.',
  '请求体必须是 JSON 对象。': 'The request body must be a JSON object.',
  '必须是 JSON 对象': 'must be a JSON object',
  '不能包含空字符 (U+0000)': 'must not contain the NUL character (U+0000)',
  '此功能仅供卖家使用。': 'Only sellers can use this function.',
  '此功能仅供仓库后台人员使用。': 'Only warehouse staff can use this function.',
  '登录已过期或令牌无效，请重新登录。': 'Your sign-in has expired or the token is not valid; please sign in again.',
  '用户不存在、已停用，或租户已停用。': 'The user does not exist or is inactive, or the tenant is inactive.',
  '登录令牌与请求的租户 (Abp.TenantId) 不一致，请重新登录。': 'The sign-in token belongs to another tenant than Abp.TenantId; please sign in again.',
};
