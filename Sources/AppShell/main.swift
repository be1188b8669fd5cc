print("AppShell")
