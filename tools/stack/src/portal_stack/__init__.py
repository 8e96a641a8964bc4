"""The local stack behind ``./portal up``: servers, migrations, services, gateway, supervised as one."""
