"""Pictures of the exact figures (matplotlib, drawn without a display): PNG or SVG files and the booklet's SVG."""
