namespace nothing {}
