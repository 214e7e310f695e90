basic.showString("say \"hi\"\n\tto me \\ you")
