" Vim syntax file for gamelang scripts (.game).
if exists("b:current_syntax")
  finish
endif

syn keyword gamelangKeyword game let take split leaving loses if then else move for in state set pick forbid and or not mod
syn keyword gamelangConstant P N D true false normal misere loopy entailing
syn match gamelangNumber "\<\d\+\(e\d\+\)\=\>"
syn match gamelangOperator "\.\.\|==\|!=\|<=\|>=\|<<\|>>\|[-+*/%^&|<>=]"
syn keyword gamelangOperator xor
syn match gamelangGameName "\(\<game\s\+\)\@<=\h\w*"
syn match gamelangFunction "\<\h\w*\ze\s*("
syn region gamelangString start=+"+ skip=+\\.+ end=+"+ oneline
syn match gamelangComment "#.*$"

hi def link gamelangKeyword Keyword
hi def link gamelangConstant Constant
hi def link gamelangNumber Number
hi def link gamelangOperator Operator
hi def link gamelangFunction Function
hi def link gamelangGameName Type
hi def link gamelangString String
hi def link gamelangComment Comment

setlocal commentstring=#\ %s
let b:current_syntax = "gamelang"
