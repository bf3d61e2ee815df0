"""The skeletons of the track's files, as learners get them: ``my_engine.py`` and ``my_moments.py``.

They are importable so that their functions can serve as the contracts of the checks
(`pirate_rules.course.chapters.contracts`); the learners read them as text.
"""
