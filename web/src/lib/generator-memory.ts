import type { TGenerator } from '@patchbay/schema';

// Which generator wrote an integration's code, which the UI reports (ADR 013). The generate
// response says so, but the integration record does not keep it, so the Create page leaves a
// note in this tab's sessionStorage for the review page. Code opened later falls back to the
// header comment each generator writes.

const KEY_PREFIX = 'patchbay.generator.';

export interface GeneratorInfo {
  generator: TGenerator;
  model?: string;
}

export function rememberGenerator(integrationId: string, info: GeneratorInfo): void {
  try {
    sessionStorage.setItem(KEY_PREFIX + integrationId, JSON.stringify(info));
  } catch {
    // Storage can be blocked; the review page then reads the code's header comment.
  }
}

function recalled(integrationId: string): GeneratorInfo | null {
  try {
    const raw = sessionStorage.getItem(KEY_PREFIX + integrationId);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<GeneratorInfo>;
    if (parsed.generator !== 'openai' && parsed.generator !== 'template') return null;
    return parsed.model
      ? { generator: parsed.generator, model: parsed.model }
      : { generator: parsed.generator };
  } catch {
    return null;
  }
}

/**
 * What the code's opening comment says about its author: the template generator labels its
 * code as such (ADR 013), and code from a model names the model. Only the leading comment
 * block is read, so a user's later remark further down cannot change the answer.
 */
export function generatorFromCode(code: string): GeneratorInfo | null {
  const header = leadingComment(code);
  if (!header) return null;
  if (/template generator/i.test(header)) return { generator: 'template' };
  const model =
    /generated (?:by|with) (?:the )?(?:AI model|model|OpenAI(?: model)?)[:\s]+([\w./:-]+)/i.exec(
      header,
    );
  if (model?.[1]) return { generator: 'openai', model: model[1].replace(/[.,:;]+$/, '') };
  if (/\b(openai|AI model|LLM)\b/i.test(header)) return { generator: 'openai' };
  return null;
}

function leadingComment(code: string): string {
  const match = /^\s*((?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)+)/.exec(code);
  return match?.[1] ?? '';
}

/** The session's note first, else the code's header comment. */
export function generatorInfo(integrationId: string, code: string): GeneratorInfo | null {
  return recalled(integrationId) ?? generatorFromCode(code);
}
