"""Synthetic clinical notes with exact PHI annotations, and re-identification of de-identified
text (placeholders replaced by realistic surrogates)."""
