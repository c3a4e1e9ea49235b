"""Speech and sound: sound cues, the screen-reader voice, what the table says aloud."""
