"""Files and storage: checked atomic files, the saved match, settings, statistics, records, logs."""
