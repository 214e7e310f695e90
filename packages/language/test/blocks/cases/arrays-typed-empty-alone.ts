let names: string[] = []
