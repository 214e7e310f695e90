namespace toonew {}
