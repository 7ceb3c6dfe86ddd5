"""Screenshot stages, one module per game: each defines ``STAGES``, a list of
``(name, stage)`` where ``stage(app)`` opens a table (or a scene over it) in the situation to
photograph, usually from a scenario (``nove_desktop.scenarios``). ``tools/screenshots.py`` runs
them under Xvfb at 1280x720 and 1920x1080."""
