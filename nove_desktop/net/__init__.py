"""Network play (docs/network.md): the protocol, sans-I/O rooms, the WebSocket server, clients
and bot clients. No pygame here: the app's table talks to it through a session."""
