/**
 * User-supplied text (an API name, a user name) made safe for one line of a generated file: a
 * line break in an API name must not start a new variable in .env.example.
 */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}
