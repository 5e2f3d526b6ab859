"""The runtime: kernel objects, compilation entry points and (later) launches."""
