// The sound worklet as a file of our own origin, built by Vite (?worker&url). Loading it from a
// blob: URL would need `blob:` in the pages' script-src, which the CSP no longer allows.
import { soundWorkletMain } from '@blockyard/platform';

soundWorkletMain();
