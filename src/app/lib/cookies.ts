// document.cookie in three small functions; every cookie the console writes is path=/ and SameSite=Lax.

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() !== name) continue;
    const raw = part.slice(i + 1).trim();
    try { return decodeURIComponent(raw); } catch { return raw; }
  }
  return null;
}

/** Without expires the cookie lives for the browser session. */
export function setCookie(name: string, value: string, expires?: Date): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (expires) parts.push(`expires=${expires.toUTCString()}`);
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
