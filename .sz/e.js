import DOMPurify from 'dompurify'; console.log(DOMPurify(window).sanitize('x'))
