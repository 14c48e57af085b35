/** The id of a test case's name field, so an action that made the case can focus it (Make a test). */
export function testNameFieldId(caseId: string): string {
  return `test-name-${caseId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
