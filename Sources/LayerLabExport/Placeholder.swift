// The export module: see the files beside this one.
