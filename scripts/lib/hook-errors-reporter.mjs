/**
 * A vitest reporter for scripts/test.mjs: the errors of suites and files (a beforeAll or afterAll that
 * threw or timed out), which vitest's JSON report leaves out (it names the file failed with an empty
 * message), written as JSON to the file named by HOOK_ERRORS_FILE for the summary.
 */
import { writeFileSync } from 'node:fs';

export default class HookErrorsReporter {
  errors = [];

  onTestModuleEnd(testModule) {
    const add = (where, errors) => {
      for (const error of errors) this.errors.push({ file: testModule.moduleId, where, message: error.message ?? '' });
    };
    add('file', testModule.errors());
    for (const suite of testModule.children.allSuites()) add(suite.fullName, suite.errors());
  }

  onTestRunEnd() {
    if (process.env.HOOK_ERRORS_FILE) writeFileSync(process.env.HOOK_ERRORS_FILE, JSON.stringify(this.errors));
  }
}
