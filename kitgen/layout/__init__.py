"""Pure geometry: card faces, sheets and documents as data, in points, origin top-left, y down.

Text fitting is decided here through an injected measurer; render/ only draws what this returns.
"""
