// The precompiled headers of the engine and CLI test programs are built with this empty source.
