namespace tooBig { export function hello(): void {} }
