import { DOMException } from './events.ts';

// atob and btoa as the HTML standard defines them (forgiving-base64), for the sandbox (ADR 030).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Map([...ALPHABET].map((char, index) => [char, index]));
const ASCII_WHITESPACE = /[\t\n\f\r ]/g;

export function btoa(data: unknown): string {
  if (arguments.length === 0) throw new TypeError('btoa: 1 argument required, but only 0 present');
  const text = String(data);
  let out = '';
  for (let i = 0; i < text.length; i += 3) {
    const a = text.charCodeAt(i);
    const b = i + 1 < text.length ? text.charCodeAt(i + 1) : -1;
    const c = i + 2 < text.length ? text.charCodeAt(i + 2) : -1;
    if (a > 0xff || b > 0xff || c > 0xff) {
      throw new DOMException('Invalid character', 'InvalidCharacterError');
    }
    const bits = (a << 16) | (Math.max(b, 0) << 8) | Math.max(c, 0);
    out += ALPHABET[(bits >> 18) & 63];
    out += ALPHABET[(bits >> 12) & 63];
    out += b < 0 ? '=' : ALPHABET[(bits >> 6) & 63];
    out += c < 0 ? '=' : ALPHABET[bits & 63];
  }
  return out;
}

export function atob(data: unknown): string {
  if (arguments.length === 0) throw new TypeError('atob: 1 argument required, but only 0 present');
  let text = String(data).replace(ASCII_WHITESPACE, '');
  if (text.length % 4 === 0) text = text.replace(/={1,2}$/, '');
  if (text.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(text)) {
    throw new DOMException(
      'The string to be decoded is not correctly encoded.',
      'InvalidCharacterError',
    );
  }
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = (buffer << 6) | (VALUES.get(char) ?? 0);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((buffer >> bits) & 0xff);
    }
  }
  return out;
}
