namespace missingfile {}
