"""The app's screens: new game, board, pass screen, results, help, too small."""
