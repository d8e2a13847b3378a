"""What the cards become outside a print: PNG for shops, Tabletop Simulator saves, JSON/CSV data."""
