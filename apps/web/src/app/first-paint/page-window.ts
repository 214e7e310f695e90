/** The page's window with its constructors (the tests pass a happy-dom one). */
export type PageWindow = Window & typeof globalThis;
