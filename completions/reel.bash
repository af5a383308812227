# bash completion for reel(1), written by `reel --completions=bash` from reel's table of options: do not edit.
_reel() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev= option= prefix= i
    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
    # After --, every word is a file.
    for (( i = 1; i < COMP_CWORD; i++ )); do
        [[ ${COMP_WORDS[i]} == -- ]] && return 0
    done
    # The option whose value is being typed: --x=VALUE (split at = or not), or --x VALUE.
    if [[ $cur == = ]]; then
        option=$prev cur=
    elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then
        option=${COMP_WORDS[COMP_CWORD-2]}
    elif [[ $cur == --*=* ]]; then
        option=${cur%%=*} prefix=${cur%%=*}= cur=${cur#*=}
    elif [[ ' --start --volume --speed --keep-open --hide-delay --notice-duration --seek-interval --keys --double-tap-window --scrub-preview --sid --secondary-sid --aid --slang --alang --sub-file --sub-delay --audio-delay --autoplay-delay --network-timeout --aspect --corner-radius --colors --blitter --terminal-max-fps --graphics --input-ipc-server --screenshot-directory --screenshot-template --log-file --reveal-duration --completions ' == *" $prev "* ]]; then
        option=$prev
    fi
    if [[ -n $option ]]; then
        case $option in
        --mute|--no-mute) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --loop|--no-loop) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --pause|--no-pause) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --keep-open) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --keys) mapfile -t COMPREPLY < <(compgen -W 'reel mpv' -- "$cur") ;;
        --reduce-motion|--no-reduce-motion) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --screen-reader|--no-screen-reader) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --scrub-preview) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --progress-line|--no-progress-line) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --sub-file) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        --list|--no-list) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --loop-playlist|--no-loop-playlist) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --shuffle|--no-shuffle) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --recursive|--no-recursive) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --only-playable|--no-only-playable) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --ytdl|--no-ytdl) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --poster|--no-poster) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --colors) mapfile -t COMPREPLY < <(compgen -W 'auto truecolor 256 24bit' -- "$cur") ;;
        --blitter) mapfile -t COMPREPLY < <(compgen -W 'auto half quadrant sextant octant' -- "$cur") ;;
        --link-pacing|--no-link-pacing) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --graphics) mapfile -t COMPREPLY < <(compgen -W 'auto kitty sixel iterm2 blocks' -- "$cur") ;;
        --resume|--no-resume) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --mpv-config|--no-mpv-config) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --mpris|--no-mpris) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --input-ipc-server) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        --screenshot-directory) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        --log-file) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        --stats|--no-stats) mapfile -t COMPREPLY < <(compgen -W 'yes no' -- "$cur") ;;
        --completions) mapfile -t COMPREPLY < <(compgen -W 'bash zsh fish' -- "$cur") ;;
        *) compopt +o default 2>/dev/null; COMPREPLY=() ;;
        esac
        [[ -n $prefix ]] && COMPREPLY=("${COMPREPLY[@]/#/$prefix}")
        return 0
    fi
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W '--start= --volume= --mute --no-mute --no-audio --loop --no-loop --pause --no-pause --speed= --keep-open= --hide-delay= --notice-duration= --seek-interval= --keys= --double-tap-window= --reduce-motion --no-reduce-motion --screen-reader --no-screen-reader --scrub-preview= --progress-line --no-progress-line --sid= --secondary-sid= --no-sub --aid= --slang= --alang= --sub-file= --sub-delay= --audio-delay= --list --no-list --autoplay-delay= --loop-playlist --no-loop-playlist --shuffle --no-shuffle --recursive --no-recursive --only-playable --no-only-playable --network-timeout= --ytdl --no-ytdl --poster --no-poster --aspect= --corner-radius= --colors= --blitter= --no-link-pacing --link-pacing --terminal-max-fps= --graphics= --no-resume --resume --mpv-config --no-mpv-config --no-mpris --mpris --input-ipc-server= --screenshot-directory= --screenshot-template= --log-file= --stats --no-stats --forget-all --no-config --help -h --version -V --reveal-duration= --man --completions=' -- "$cur")
        [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
        return 0
    fi
    # Anything else is a file, a folder or a URL: bash's own completion (-o default).
}
complete -o default -F _reel reel
