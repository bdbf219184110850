import Api

print("daemon")
