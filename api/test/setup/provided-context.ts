/** What the global setup hands to every test file (vitest's provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { engine: 'pglite'; imagePath: string } | { engine: 'postgres'; serverUrl: string; template: string };
  }
}
export {};
