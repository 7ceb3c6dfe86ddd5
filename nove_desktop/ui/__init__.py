"""The desktop app: pygame-ce window, scene stack, tables, animations."""
