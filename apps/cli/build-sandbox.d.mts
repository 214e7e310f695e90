export function buildSandboxRunner(outfile: string | undefined): Promise<string | undefined>;
