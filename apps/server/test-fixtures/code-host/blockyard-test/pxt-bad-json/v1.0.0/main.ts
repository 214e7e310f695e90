namespace badjson {}
