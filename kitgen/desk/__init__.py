"""The designer's tools: serve and its preview, watch, new, art suggestions, calibrate."""
