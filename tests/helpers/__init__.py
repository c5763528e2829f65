"""What the tests share: `driver` (play the app as a person would), `fixtures` (a throwaway
data folder and quick waits), `engine` (positions built by hand), `pty_screen` and `terminal` (the app in a
real terminal), `i18n_marker` (a language that marks every translated word), `hosting`
(`century host --web` in the test's process) and `browser` (a headless Chromium driven
through the DevTools protocol)."""
