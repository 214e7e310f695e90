export function findPostgresBin(): string | null;
export function startThrowawayPostgres(): Promise<{ url: string; stop(): void }>;
