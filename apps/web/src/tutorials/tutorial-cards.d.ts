// The virtual module of build/tutorial-cards-plugin.ts: the home page's tutorial cards, made at build time.
declare module 'virtual:blockyard/tutorial-cards' {
  export const tutorialCards: readonly {
    readonly id: string;
    readonly level: string;
    readonly leds: string;
    readonly title: string;
    readonly description: string;
  }[];
}
