"""Linux release of nove-desktop: from the PyInstaller builds in ``dist/`` to the files people
download, and the checks that those files install, start and uninstall cleanly.

Run from the repository root (``./dev.sh release`` and ``./dev.sh test`` do)::

    python -m tools.release build   # dist/release/: archive, single file, .deb, SHA256SUMS
    python -m tools.release check   # assemble from dist/nove-desktop into a scratch folder,
                                    # install, self-test, uninstall (what CI runs)
    python -m tools.release icons DIR [--flat]   # the icon as PNG files (16-512 px), and the
                                                 # SVG (not --flat)

Modules: ``layout`` (names and places), ``icons``, ``appstream`` (the menu entry and the
metainfo, translated), ``manpage`` (nove-desktop(6), written from the command line's parser),
``bundle`` (what a onedir build holds), ``archive`` (the .tar.gz and its install script),
``deb`` (the Debian package), ``checks`` (installing into scratch places), ``frozen``
(build.spec's choices per system), ``__main__`` (the command line).
"""
