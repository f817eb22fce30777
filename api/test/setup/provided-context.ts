/** What the global setup hands to every test file (vitest's provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The database to copy per file: migrated (`imagePath`, `template`) or migrated and seeded for the
     * default test configuration (`seededImagePath`, `seededTemplate`; global-setup.ts).
     */
    testDb:
      | { engine: 'pglite'; imagePath: string; seededImagePath?: string }
      | { engine: 'postgres'; serverUrl: string; template: string; seededTemplate?: string };
  }
}
export {};
