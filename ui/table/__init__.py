"""The table: the match driver, the cards and their motion, the drawing, panels and overlays."""
