// Wrappers the hand-written cross-check programs put their statements in, laid out as MakeCode
// prints them (four spaces a level), so the corpus reads like learners' code.

export const onA = (body: string) => `input.onButtonPressed(Button.A, function () {\n${indent(body)}})\n`;
export const forever = (body: string) => `basic.forever(function () {\n${indent(body)}})\n`;

function indent(body: string): string {
  return body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `    ${line}\n`)
    .join('');
}
