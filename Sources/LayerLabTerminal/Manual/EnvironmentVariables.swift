/// Every environment variable LayerLab reads, and what it changes; the manual's ENVIRONMENT
/// section is written from this list (a test fails when the sources read one it lacks).
enum EnvironmentVariables {
    static let all: [(name: String, meaning: String)] = [
        ("NO_COLOR", "When set (to anything), frames, error messages and help have no colour, unless color=always is given."),
        ("TERM", "dumb turns colour off, as NO_COLOR does."),
        ("COLORTERM", "truecolor or 24bit: frames use 24-bit colour; otherwise 256 colours."),
        ("LC_ALL", "The first of LC_ALL, LC_CTYPE and LANG that is set says whether the terminal takes UTF-8: frames default to mode=blocks where it does (and colour is on), mode=ascii elsewhere."),
        ("LC_CTYPE", "See LC_ALL."),
        ("LANG", "See LC_ALL."),
        ("COLUMNS", "The width in cells that frames fit when the terminal cannot be asked its size, as in a pipe (default 80)."),
        ("LINES", "The height in cells that frames fit when the terminal cannot be asked its size (default 24)."),
        ("VISUAL", "The editor edit opens the document in; when unset, EDITOR."),
        ("EDITOR", "The editor edit uses when VISUAL is unset."),
        ("PATH", "Where the editor is looked for."),
        ("PAGER", "The pager long help goes through at a terminal (default: less -R)."),
        ("LESS", "Set to FRX for the pager when unset."),
        ("TMPDIR", "Where edit writes the script it opens (default /tmp)."),
        ("XDG_STATE_HOME", "The folder under which LayerLab keeps its state (layerlab/history and the recovery journal); an absolute path, else ~/.local/state is used."),
        ("HOME", "The home folder: ~ in file names, and the state folder when XDG_STATE_HOME is unset."),
        ("LAYERLAB_IMAGE_PATH", "Folders (separated by colons) that images may be loaded from besides the document's own folder and those below it."),
        ("LAYERLAB_PIXELS", "0: never ask the terminal for image support at start; 1: always ask (pixel modes). Unset, LayerLab asks only where the environment names a terminal that may draw images."),
        ("LAYERLAB_PLAY_STATS", "A file to which play appends one line when it ends: the frames drawn, the images sent, the seconds, the frame rate kept, and (pixel modes) the resolution scale and the frame's pixel size. For measuring a terminal; unset, nothing is written."),
        ("TERM_PROGRAM", "With KITTY_WINDOW_ID, WEZTERM_EXECUTABLE, KONSOLE_VERSION, XTERM_VERSION, GHOSTTY_RESOURCES_DIR, MLTERM and VSCODE_INJECTION: names a terminal that may draw images, so LayerLab asks it at start which image protocols it speaks (the answer decides, never the name); iTerm.app and WezTerm also take iTerm2 inline images."),
        ("ITERM_SESSION_ID", "Set by iTerm2: it takes iTerm2 inline images (mode=iterm)."),
        ("TMUX", "Inside tmux, pixel modes are used only when named (mode=sixel, …), wrapped in tmux passthrough."),
        ("STY", "Inside GNU screen, pixel modes are off unless named."),
    ]
}
