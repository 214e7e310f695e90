nums = [5, 3, 9, 1]
nums.sort()
serial.write_line(str(nums[0]) + str(nums[3]))
nums.reverse()
serial.write_line(str(nums[0]))
more: List[number] = nums + [7]
serial.write_value("more", more[4])
nums.insert(1, 8)
nums.remove(9)
serial.write_line(str(nums[1]) + str(nums[2]))
total = 0
for n in nums:
    total += n
serial.write_value("sum", total)
nums.clear()
serial.write_line(str(len(nums)))
