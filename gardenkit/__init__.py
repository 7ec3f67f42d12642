"""gardenkit: interactive rulebooks and tutors for garden-themed tabletop games."""
__version__ = "0.1.0"
