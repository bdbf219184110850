print("Compiling the tables")
