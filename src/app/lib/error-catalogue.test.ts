import { describe, expect, it } from 'vitest';
import { ApiError } from './http.ts';
import { isChunkLoadError, presentError } from './error-catalogue.ts';

describe('error catalogue (spec 000 §8)', () => {
  it('a server error with message and details: dialog titled with the message, details as content', () => {
    expect(presentError(new ApiError('您的请求无效!', 'http', 400, '验证过程中检测到以下错误。\n - name: 不能为空'))).toEqual({
      type: 'dialog', title: '您的请求无效!', content: '验证过程中检测到以下错误。\n - name: 不能为空', tone: 'error',
    });
  });

  it('a server error with only a message: dialog titled 业务错误： with the message', () => {
    expect(presentError(new ApiError('订单已出库，不能取消。', 'http', 409))).toEqual({
      type: 'dialog', title: '业务错误：', content: '订单已出库，不能取消。', tone: 'warning',
    });
    expect(presentError(new ApiError('订单已出库，不能取消。', 'http', 409, '   '))).toMatchObject({ title: '业务错误：' });
  });

  it('no response (network down, timeout): dialog titled 未知错误', () => {
    expect(presentError(new ApiError('未知错误', 'network', null))).toMatchObject({ type: 'dialog', title: '未知错误' });
    expect(presentError(new ApiError('请求超时', 'timeout', null))).toMatchObject({ type: 'dialog', title: '未知错误' });
    expect(presentError(new TypeError('x is undefined'))).toMatchObject({ type: 'dialog', title: '未知错误', content: 'x is undefined' });
  });

  it('401: back to sign-in, carrying the reason', () => {
    expect(presentError(new ApiError('当前用户没有登录到系统！', 'http', 401, '登录已过期或令牌无效，请重新登录。', null, true))).toEqual({
      type: 'sign-in', message: '登录已过期或令牌无效，请重新登录。',
    });
  });

  it('recognises a failed lazy chunk in every browser wording', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new ApiError('未知错误', 'network', null))).toBe(false);
  });
});
