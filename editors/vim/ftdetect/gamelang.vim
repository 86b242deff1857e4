au BufRead,BufNewFile *.game setfiletype gamelang
