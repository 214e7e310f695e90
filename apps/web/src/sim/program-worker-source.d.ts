// The virtual module of build/program-worker-source-plugin.ts: the program worker's bundle text.
declare module 'virtual:blockyard/program-worker-source' {
  const source: string;
  export default source;
}
