nums = [10, 9, 100, 2]
nums.sort()
serial.write_line(str(nums[0]) + " " + str(nums[1]) + " " + str(nums[3]))
names = ["bob", "Al", "cy"]
names.sort()
serial.write_line(names[0] + names[1] + names[2])
serial.write_line(str(nums.count(9)) + " " + str(nums.index(100)))
nums.insert(0, 5)
serial.write_line(str(nums[0]) + " " + str(len(nums)))
serial.write_line(str(10 / 4) + " " + str(int(10 / 4)) + " " + str(1 / 3))
