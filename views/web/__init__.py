"""The server and what guards it: sockets, frames, hosts, caps, who may reach what, the page's
connection, and each tab's session."""
